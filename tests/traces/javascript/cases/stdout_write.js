// process.stdout.write lands in the trace output like console.log.
process.stdout.write("no newline, ");
process.stdout.write("then one\n");
console.log([1, 2], { a: "x" });
