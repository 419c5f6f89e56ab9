// Exceptions: a custom error thrown two calls deep and caught above, a parse error, and finally.
class InsufficientFundsError extends Error {
  constructor(shortfall) {
    super(`short by ${shortfall}`);
    this.name = "InsufficientFundsError";
    this.shortfall = shortfall;
  }
}

function parseAmount(text) {
  try {
    const value = Number(text);
    if (!Number.isInteger(value)) throw new Error(`invalid integer: ${text}`);
    return value;
  } catch (err) {
    console.log(`cannot parse '${text}', using 0`);
    return 0;
  }
}

function withdraw(balance, amount) {
  if (amount > balance) {
    throw new InsufficientFundsError(amount - balance);
  }
  return balance - amount;
}

function processAll(balance, texts) {
  for (const text of texts) {
    const amount = parseAmount(text);
    balance = withdraw(balance, amount);
    console.log(`withdrew ${amount}, balance ${balance}`);
  }
}

try {
  processAll(50, ["20", "abc", "45", "5"]);
} catch (err) {
  if (!(err instanceof InsufficientFundsError)) {
    throw err;
  }
  console.log(`caught: ${err.message}`);
} finally {
  console.log("finally: done processing");
}
console.log("program finished normally");
