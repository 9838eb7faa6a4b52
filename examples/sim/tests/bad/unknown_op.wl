# expect: unknown operation 'spin'
script a
  spin 3
end
start a
