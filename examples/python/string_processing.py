# String processing: anagram check with character counts, palindrome check with two pointers.
def is_anagram(a, b):
    if len(a) != len(b):
        return False
    counts = {}
    for ch in a:
        counts[ch] = counts.get(ch, 0) + 1
    for ch in b:
        if counts.get(ch, 0) == 0:
            return False
        counts[ch] -= 1
    return True


def is_palindrome(text):
    left = 0
    right = len(text) - 1
    while left < right:
        if text[left] != text[right]:
            return False
        left += 1
        right -= 1
    return True


for a, b in [("listen", "silent"), ("hello", "world")]:
    print(f"{a}/{b} anagram: " + ("yes" if is_anagram(a, b) else "no"))
for word in ["racecar", "python"]:
    print(f"{word} palindrome: " + ("yes" if is_palindrome(word) else "no"))
