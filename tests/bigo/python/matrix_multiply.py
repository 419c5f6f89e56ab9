# expect: O(n^3)
def matmul(A, B):
    n = len(A)
    C = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            for k in range(n):
                C[i][j] += A[i][k] * B[k][j]
    return C

print(matmul([[1, 2], [3, 4]], [[5, 6], [7, 8]]))
