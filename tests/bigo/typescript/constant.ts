// expect: O(1)
function area(w: number, h: number): number {
  return w * h;
}

console.log(area(3, 4));
