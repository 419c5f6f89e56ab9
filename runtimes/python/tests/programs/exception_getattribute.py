class Quiet(SystemExit):
    def __getattribute__(self, name):
        raise RuntimeError("SystemExit __getattribute__ must not run")


class Loud(Exception):
    def __getattribute__(self, name):
        raise RuntimeError("__getattribute__ must not run")


try:
    raise Quiet(0)
except Quiet:
    print("caught")
raise Loud("boom")
