class Box:
    pass


def change(box, items):
    flag = 1
    flag = True
    flag = 0
    flag = False
    flag = 0.0
    items[0] = True
    box.v = False
    return flag


x = 1
x = True
x = 1.0
b = Box()
b.v = 0
xs = [1]
change(b, xs)
