// expect: O(1)
function area(w, h) {
  return w * h;
}

console.log(area(3, 4));
