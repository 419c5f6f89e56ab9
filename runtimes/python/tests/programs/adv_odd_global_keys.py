# Module variables that are no identifiers: a number key and a text-subclass key in globals().
class Key(str):
    def __hash__(self):
        print("hash ran")
        return str.__hash__(self)

    def __eq__(self, other):
        print("eq ran")
        return str.__eq__(self, other)


x = 1
globals()[1] = "one"
y = 2
globals()[Key("k")] = 3
z = 3
print(x + y + z)
