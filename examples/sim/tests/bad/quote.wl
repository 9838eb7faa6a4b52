# expect: unterminated quoted string
script "a
  compute 1M
end
start a
