// String processing: anagram check with character counts, palindrome check with two pointers.
function isAnagram(a, b) {
  if (a.length !== b.length) {
    return false;
  }
  const counts = new Map();
  for (const ch of a) {
    counts.set(ch, (counts.get(ch) || 0) + 1);
  }
  for (const ch of b) {
    if (!counts.get(ch)) {
      return false;
    }
    counts.set(ch, counts.get(ch) - 1);
  }
  return true;
}

function isPalindrome(text) {
  let left = 0;
  let right = text.length - 1;
  while (left < right) {
    if (text[left] !== text[right]) {
      return false;
    }
    left++;
    right--;
  }
  return true;
}

for (const [a, b] of [["listen", "silent"], ["hello", "world"]]) {
  console.log(`${a}/${b} anagram: ` + (isAnagram(a, b) ? "yes" : "no"));
}
for (const word of ["racecar", "python"]) {
  console.log(`${word} palindrome: ` + (isPalindrome(word) ? "yes" : "no"));
}
