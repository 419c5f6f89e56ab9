// TypeScript constructs that compile to code: enums, namespaces, parameter properties.
enum Light {
  Red,
  Green,
}
namespace Geo {
  export const unit = 2;
  export function area(w: number, h: number): number {
    return w * h * unit;
  }
}
class Point {
  constructor(public x: number, private readonly y: number) {}
  sum(): number {
    return this.x + this.y;
  }
}
interface Shape {
  name: string;
}
const s: Shape = { name: 'square' };
const p = new Point(1, 2);
console.log(Light.Green, Geo.area(2, 3), p.sum(), s.name);
