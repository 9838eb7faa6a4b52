# expect: unknown parameter '$jobs'
script a
  loop $jobs
    compute 1M
  end
end
start a
