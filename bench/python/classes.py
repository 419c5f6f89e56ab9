# A class-heavy program: accounts, a bank holding them, transfers and a ledger.
class Account:
    def __init__(self, owner, balance):
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        self.balance += amount
        self.history.append(("in", amount))

    def withdraw(self, amount):
        if amount > self.balance:
            return False
        self.balance -= amount
        self.history.append(("out", amount))
        return True


class Bank:
    def __init__(self):
        self.accounts = {}
        self.ledger = []

    def open(self, owner, balance):
        account = Account(owner, balance)
        self.accounts[owner] = account
        return account

    def transfer(self, source, target, amount):
        if self.accounts[source].withdraw(amount):
            self.accounts[target].deposit(amount)
            self.ledger.append((source, target, amount))
            return True
        return False


bank = Bank()
names = ["ann", "bob", "cy", "dee", "eve", "fay"]
for index, name in enumerate(names):
    bank.open(name, 100 + index * 10)
for round_number in range(12):
    for index, name in enumerate(names):
        target = names[(index + round_number + 1) % len(names)]
        bank.transfer(name, target, 5 + round_number)
print(len(bank.ledger), bank.accounts["ann"].balance)
