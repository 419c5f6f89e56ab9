// A block-scoped `let` read inside an arrow callback stays in its block's scope.
const values = [3, 1, 2];
let total = 0;
{
  let factor = 2;
  values.forEach((v) => {
    total += v * factor;
  });
}
console.log(total);
