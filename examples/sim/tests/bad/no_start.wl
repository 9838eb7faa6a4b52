# expect: no 'start' line
script a
  compute 1M
end
