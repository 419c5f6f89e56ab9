// A class-heavy program: accounts, a bank holding them, transfers and a ledger.
class Account {
  constructor(owner, balance) {
    this.owner = owner;
    this.balance = balance;
    this.history = [];
  }
  deposit(amount) {
    this.balance += amount;
    this.history.push(['in', amount]);
  }
  withdraw(amount) {
    if (amount > this.balance) {
      return false;
    }
    this.balance -= amount;
    this.history.push(['out', amount]);
    return true;
  }
}

class Bank {
  constructor() {
    this.accounts = new Map();
    this.ledger = [];
  }
  open(owner, balance) {
    const account = new Account(owner, balance);
    this.accounts.set(owner, account);
    return account;
  }
  transfer(source, target, amount) {
    if (this.accounts.get(source).withdraw(amount)) {
      this.accounts.get(target).deposit(amount);
      this.ledger.push([source, target, amount]);
      return true;
    }
    return false;
  }
}

const bank = new Bank();
const names = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay'];
names.forEach((name, index) => bank.open(name, 100 + index * 10));
for (let round = 0; round < 12; round++) {
  names.forEach((name, index) => {
    const target = names[(index + round + 1) % names.length];
    bank.transfer(name, target, 5 + round);
  });
}
console.log(bank.ledger.length, bank.accounts.get('ann').balance);
