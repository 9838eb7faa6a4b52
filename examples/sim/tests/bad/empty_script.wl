# expect: is empty
script a
end
start a
