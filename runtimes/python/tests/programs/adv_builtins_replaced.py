# The program replaces builtins the tracer calls too: the program must see its own (as under
# python3), and the tracer must not (its heap walk used len, repr, id and type).
import builtins

real_len = len
builtins.len = lambda x: 0
builtins.repr = lambda x: "R"
builtins.id = lambda x: 7
builtins.isinstance = lambda a, b: False
xs = [1, 2, 3]
d = {"a": xs, "b": (4, 5)}
print(len(xs), repr(d), id(xs), isinstance(xs, list))
del builtins.len
print(real_len(xs), "len" in dir(builtins))
