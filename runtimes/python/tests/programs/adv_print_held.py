# Printing every way (no args, end="", sep, to stderr, sys.stdout.write, a closed-over print)
# between input() calls, inside loops and calls.
import io
import sys

sys.stderr = io.StringIO()  # what goes there is kept out of the test's output


def ask(prompt):
    answer = input(prompt)
    print()
    return answer


say = print
first = ask("first? ")
for k in range(3):
    print(k, end="")
    print(file=sys.stderr)
    sys.stdout.write("")
    say()
    if k == 1:
        sys.stdout.write("w")
        print("to err", file=sys.stderr, end="")
second = ask("")
try:
    third = input()
    fourth = input("more? ")
except EOFError as e:
    fourth = None
print(first, second, third, fourth, sep="|")
print(end="")
print()
