# expect: deadlock
script a
  compute 1M
  pend never
end
start a
