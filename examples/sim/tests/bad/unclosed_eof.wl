# expect: is not closed with 'end'
script a
  compute 1M
