# Exceptions: a custom error raised two calls deep and caught above, a parse error, and finally.
class InsufficientFundsError(Exception):
    def __init__(self, shortfall):
        super().__init__(f"short by {shortfall}")
        self.shortfall = shortfall


def parse_amount(text):
    try:
        return int(text)
    except ValueError:
        print(f"cannot parse '{text}', using 0")
        return 0


def withdraw(balance, amount):
    if amount > balance:
        raise InsufficientFundsError(amount - balance)
    return balance - amount


def process_all(balance, texts):
    for text in texts:
        amount = parse_amount(text)
        balance = withdraw(balance, amount)
        print(f"withdrew {amount}, balance {balance}")


try:
    process_all(50, ["20", "abc", "45", "5"])
except InsufficientFundsError as err:
    print(f"caught: {err}")
finally:
    print("finally: done processing")
print("program finished normally")
