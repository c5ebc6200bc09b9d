import MediaKitLinux
print("stub")
