name = input("name? ")
age = int(input())
print(f"{name} is {age}")
