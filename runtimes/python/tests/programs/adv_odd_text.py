# Text the wire must escape: non-ASCII and lone-surrogate names and values, long text.
class Obj:
    pass


def fünf(wert):
    größe = wert * 2
    return größe


o = Obj()
setattr(o, "naïve", "é" * 60)
setattr(o, "\ud800", "x")
o.__dict__["tab\tkey"] = "\ud83d"
café = fünf(3)
s = "\x00\x1f\"\\\u2028" * 3
t = "😀" * 50
u = [s, t, "\udfff"]
print(café, len(u))
