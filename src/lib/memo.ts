/**
 * Work kept beside the object it was done for: an answer remembered per owner object (a page, its
 * layout) and a text key, dropped with the owner when nothing else holds it.
 */
export const besideOwner = <O extends object, A>() => {
  const memo = new WeakMap<O, Map<string, { readonly value: A }>>()
  return (owner: O, key: string, make: () => A): A => {
    let byKey = memo.get(owner)
    if (byKey === undefined) {
      byKey = new Map()
      memo.set(owner, byKey)
    }
    const known = byKey.get(key)
    if (known !== undefined) return known.value
    const value = make()
    byKey.set(key, { value })
    return value
  }
}
