# expect: loops without using time
script a
  loop 1000M
    count
  end
end
start a
