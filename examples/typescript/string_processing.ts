// String processing: anagram check with character counts, palindrome check with two pointers.
function isAnagram(a: string, b: string): boolean {
  if (a.length !== b.length) {
    return false;
  }
  const counts = new Map<string, number>();
  for (const ch of a) {
    counts.set(ch, (counts.get(ch) || 0) + 1);
  }
  for (const ch of b) {
    const count: number = counts.get(ch) || 0;
    if (count === 0) {
      return false;
    }
    counts.set(ch, count - 1);
  }
  return true;
}

function isPalindrome(text: string): boolean {
  let left: number = 0;
  let right: number = text.length - 1;
  while (left < right) {
    if (text[left] !== text[right]) {
      return false;
    }
    left++;
    right--;
  }
  return true;
}

const pairs: [string, string][] = [["listen", "silent"], ["hello", "world"]];
for (const [a, b] of pairs) {
  console.log(`${a}/${b} anagram: ` + (isAnagram(a, b) ? "yes" : "no"));
}
for (const word of ["racecar", "python"]) {
  console.log(`${word} palindrome: ` + (isPalindrome(word) ? "yes" : "no"));
}
