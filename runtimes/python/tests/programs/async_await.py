import asyncio

async def work(n):
    await asyncio.sleep(0)
    return n * 2

async def main():
    results = await asyncio.gather(work(1), work(2))
    print(results)

asyncio.run(main())
