enum E { A, B }
namespace N { export const v: number = 1; }
class C<T> { constructor(private x: T) {} }
