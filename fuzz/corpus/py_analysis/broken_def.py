def f(:
  return [x for x in]
