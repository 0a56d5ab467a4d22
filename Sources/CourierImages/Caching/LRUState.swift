/// The LRU bookkeeping: a doubly linked list threaded through a slot array, with a dictionary from key to slot.
struct LRUState<Value> {
    struct Node {
        var key: String
        var value: Value?
        var cost: Int
        var previous: Int?
        var next: Int?
    }

    var entries: [String: Int] = [:]
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var head: Int?  // least recently used
    private var tail: Int?  // most recently used
    private(set) var totalCost = 0

    mutating func value(forKey key: String) -> Value? {
        guard let slot = entries[key] else { return nil }
        unlink(slot)
        append(slot)
        return nodes[slot].value
    }

    mutating func insert(_ value: Value, forKey key: String, cost: Int) {
        let node = Node(key: key, value: value, cost: cost, previous: nil, next: nil)
        let slot: Int
        if let free = freeSlots.popLast() {
            nodes[free] = node
            slot = free
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        entries[key] = slot
        totalCost += cost
        append(slot)
    }

    @discardableResult
    mutating func remove(_ key: String) -> Bool {
        guard let slot = entries.removeValue(forKey: key) else { return false }
        unlink(slot)
        totalCost -= nodes[slot].cost
        nodes[slot].value = nil
        freeSlots.append(slot)
        return true
    }

    mutating func evict(costLimit: Int, countLimit: Int) {
        while totalCost > costLimit || entries.count > countLimit, let oldest = head {
            remove(nodes[oldest].key)
        }
    }

    func keysByRecency() -> [String] {
        var keys: [String] = []
        var cursor = head
        while let slot = cursor, keys.count < entries.count {
            keys.append(nodes[slot].key)
            cursor = nodes[slot].next
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        let previous = nodes[slot].previous
        let next = nodes[slot].next
        if let previous { nodes[previous].next = next } else { head = next }
        if let next { nodes[next].previous = previous } else { tail = previous }
        nodes[slot].previous = nil
        nodes[slot].next = nil
    }

    private mutating func append(_ slot: Int) {
        nodes[slot].previous = tail
        nodes[slot].next = nil
        if let tail { nodes[tail].next = slot } else { head = slot }
        tail = slot
    }
}
