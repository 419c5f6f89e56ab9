# expect: O(n log n)
import heapq

def heap_sort(nums):
    heap = []
    for x in nums:
        heapq.heappush(heap, x)
    return [heapq.heappop(heap) for _ in range(len(heap))]

print(heap_sort([5, 1, 4, 2]))
