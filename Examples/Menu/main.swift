// Placeholder: the real sample arrives with the `menu` issue.
print("menu: sample not built yet")
