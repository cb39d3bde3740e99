# E-commerce shop: the complete example of seed 001, section 8.1.
#
# Customers own their orders (one item collection per customer), products
# own their reviews, and GSI1 is overloaded for email lookup, order lookup
# (with the order's line items) and category browsing. GSI2 serves the admin
# screen that lists orders by status.

table "shop" {
  name                   = "shop"
  billing_mode           = "PAY_PER_REQUEST"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = true
  tags = {
    team    = "shop"
    service = "storefront"
  }

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }

  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
    projection    = "INCLUDE"
    include       = ["orderId", "orderDate", "username", "total"]
  }
}

entity "Customer" {
  table = table.shop
  attributes = {
    username  = string
    email     = string
    name      = string
    createdAt = string
  }
  unique = [lower(email)] # a guard item CustomerUniqueEmail per e-mail in lower case, put in the same transaction
  key {
    PK = "CUSTOMER#${username}"
    SK = "CUSTOMER#${username}"
  }
  index "GSI1" {
    GSI1PK = "EMAIL#${lower(email)}"
    GSI1SK = "EMAIL#${lower(email)}"
  }
  workload {
    items       = 100000
    writes      = 0.5
    peak_writes = 5
  }
  example "alice" {
    username  = "alice"
    email     = "Alice@example.com"
    name      = "Alice Liddell"
    createdAt = "2024-01-03T10:00:00Z"
  }
  example "bob" {
    username  = "bob"
    email     = "bob@example.com"
    name      = "Bob Builder"
    createdAt = "2024-02-11T08:30:00Z"
  }
}

entity "Order" {
  table = table.shop
  attributes = {
    username  = string
    orderId   = string
    orderDate = string
    status    = string
    total     = number
    version   = optional(number) # optimistic locking: see update_order_status
    expiresAt = optional(number)
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderDate}#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
    GSI2SK = "${orderDate}#${orderId}"
  }
  workload {
    items            = 2000000
    writes           = 5
    peak_writes      = 50
    partitions       = 100000
    index_partitions = { GSI2 = 4 }
  }
  example "o-1001" {
    username  = "alice"
    orderId   = "o-1001"
    orderDate = "2024-05-01"
    status    = "SHIPPED"
    total     = 42.5
    version   = 1
  }
  example "o-1002" {
    username  = "alice"
    orderId   = "o-1002"
    orderDate = "2024-05-17"
    status    = "PLACED"
    total     = 12
    version   = 1
  }
  example "o-1003" {
    username  = "bob"
    orderId   = "o-1003"
    orderDate = "2024-05-20"
    status    = "PLACED"
    total     = 99.99
    version   = 1
    expiresAt = 1735689600
  }
}

entity "OrderItem" {
  table = table.shop
  attributes = {
    orderId   = string
    itemId    = string
    productId = string
    quantity  = number
    price     = number
  }
  key {
    PK = "ORDER#${orderId}"
    SK = "ITEM#${itemId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ITEM#${itemId}"
  }
  workload {
    items       = 6000000
    writes      = 15
    peak_writes = 150
    partitions  = 2000000
  }
  example "o-1001-1" {
    orderId   = "o-1001"
    itemId    = "1"
    productId = "p-100"
    quantity  = 2
    price     = 21.25
  }
  example "o-1001-2" {
    orderId   = "o-1001"
    itemId    = "2"
    productId = "p-200"
    quantity  = 1
    price     = 0
  }
}

entity "Product" {
  table = table.shop
  attributes = {
    productId  = string
    categoryId = string
    title      = string
    price      = number
  }
  key {
    PK = "PRODUCT#${productId}"
    SK = "PRODUCT#${productId}"
  }
  index "GSI1" {
    GSI1PK = "CATEGORY#${categoryId}"
    GSI1SK = "PRODUCT#${productId}"
  }
  workload {
    items            = 50000
    writes           = 0.2
    peak_writes      = 10
    index_partitions = { GSI1 = 200 }
  }
  example "p-100" {
    productId  = "p-100"
    categoryId = "books"
    title      = "Through the Looking-Glass"
    price      = 21.25
  }
  example "p-200" {
    productId  = "p-200"
    categoryId = "toys"
    title      = "Chess set"
    price      = 35
  }
}

entity "Review" {
  table = table.shop
  attributes = {
    productId  = string
    reviewId   = string
    reviewDate = string
    username   = string
    rating     = number
    text       = optional(string)
  }
  key {
    PK = "PRODUCT#${productId}"
    SK = "REVIEW#${reviewDate}#${reviewId}"
  }
  workload {
    items       = 500000
    writes      = 1
    peak_writes = 10
    partitions  = 50000
  }
  example "r-1" {
    productId  = "p-100"
    reviewId   = "r-1"
    reviewDate = "2024-05-10"
    username   = "alice"
    rating     = 5
    text       = "Curiouser and curiouser."
  }
  example "r-2" {
    productId  = "p-100"
    reviewId   = "r-2"
    reviewDate = "2024-06-02"
    username   = "bob"
    rating     = 3
  }
}

entity "Category" {
  table = table.shop
  attributes = {
    categoryId = string
    title      = string
  }
  key {
    PK = "CATEGORY#${categoryId}"
    SK = "CATEGORY#${categoryId}"
  }
  workload {
    items  = 200
    writes = 0.01
  }
  example "books" {
    categoryId = "books"
    title      = "Books"
  }
  example "toys" {
    categoryId = "toys"
    title      = "Toys and games"
  }
}

access_pattern "customer_by_username" {
  description = "Get a customer by username (login, profile page)"
  entity      = entity.Customer
  key {
    PK = "CUSTOMER#${username}"
    SK = "CUSTOMER#${username}"
  }
  workload {
    rate        = 20
    peak_rate   = 200
    consistency = "strong"
  }
  example {
    username = "alice"
    returns  = [entity.Customer.example["alice"]]
  }
}

access_pattern "customer_by_email" {
  description = "Get a customer by email address (password reset)"
  entity      = entity.Customer
  index       = "GSI1"
  cardinality = "one"
  key {
    GSI1PK = "EMAIL#${lower(email)}"
    GSI1SK = "EMAIL#${lower(email)}"
  }
  workload {
    rate      = 2
    peak_rate = 20
  }
  example {
    email   = "ALICE@example.com"
    returns = [entity.Customer.example["alice"]]
  }
}

access_pattern "orders_for_customer" {
  description = "Orders of a customer, newest first, one page at a time"
  entity      = entity.Order
  key {
    PK = "CUSTOMER#${username}"
    SK = begins_with("ORDER#")
  }
  order = "desc"
  limit = 20
  workload {
    rate      = 10
    peak_rate = 100
  }
  example {
    username = "alice"
    returns  = [entity.Order.example["o-1002"], entity.Order.example["o-1001"]]
  }
}

access_pattern "order_by_id" {
  description = "Get an order by its id (order details page)"
  entity      = entity.Order
  index       = "GSI1"
  cardinality = "one"
  key {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  workload {
    rate      = 10
    peak_rate = 100
  }
  example {
    orderId = "o-1001"
    returns = [entity.Order.example["o-1001"]]
  }
}

access_pattern "order_with_items" {
  description = "An order and its line items in one request"
  entities    = [entity.Order, entity.OrderItem]
  index       = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
  workload {
    rate      = 5
    peak_rate = 50
  }
  example {
    orderId = "o-1001"
    returns = [entity.OrderItem.example["o-1001-1"], entity.OrderItem.example["o-1001-2"], entity.Order.example["o-1001"]]
  }
}

access_pattern "items_of_order" {
  description = "The line items of an order"
  entity      = entity.OrderItem
  key {
    PK = "ORDER#${orderId}"
    SK = begins_with("ITEM#")
  }
  workload {
    rate      = 5
    peak_rate = 50
  }
  example {
    orderId = "o-1001"
    returns = [entity.OrderItem.example["o-1001-1"], entity.OrderItem.example["o-1001-2"]]
  }
}

access_pattern "product_by_id" {
  description = "Get a product by id (product page)"
  entity      = entity.Product
  key {
    PK = "PRODUCT#${productId}"
    SK = "PRODUCT#${productId}"
  }
  workload {
    rate      = 100
    peak_rate = 1000
  }
  example {
    productId = "p-100"
    returns   = [entity.Product.example["p-100"]]
  }
}

access_pattern "products_in_category" {
  description = "Browse the products of a category"
  entity      = entity.Product
  index       = "GSI1"
  key {
    GSI1PK = "CATEGORY#${categoryId}"
    GSI1SK = begins_with("PRODUCT#")
  }
  limit = 50
  workload {
    rate      = 50
    peak_rate = 500
  }
  example {
    categoryId = "books"
    returns    = [entity.Product.example["p-100"]]
  }
}

access_pattern "category_by_id" {
  description = "Get a category by id (category page header)"
  entity      = entity.Category
  key {
    PK = "CATEGORY#${categoryId}"
    SK = "CATEGORY#${categoryId}"
  }
  workload {
    rate      = 50
    peak_rate = 500
  }
  example {
    categoryId = "books"
    returns    = [entity.Category.example["books"]]
  }
}

access_pattern "reviews_for_product" {
  description = "Reviews of a product, newest first"
  entity      = entity.Review
  key {
    PK = "PRODUCT#${productId}"
    SK = begins_with("REVIEW#")
  }
  order = "desc"
  limit = 10
  workload {
    rate      = 30
    peak_rate = 300
  }
  example {
    productId = "p-100"
    returns   = [entity.Review.example["r-2"], entity.Review.example["r-1"]]
  }
}

access_pattern "good_reviews_for_product" {
  description = "Reviews of a product with four stars or more"
  entity      = entity.Review
  key {
    PK = "PRODUCT#${productId}"
    SK = begins_with("REVIEW#")
  }
  filter = rating >= 4
  workload {
    rate      = 10
    peak_rate = 100
  }
  example {
    productId = "p-100"
    returns   = [entity.Review.example["r-1"]]
  }
}

access_pattern "product_page" {
  description = "A product and its reviews in one request (item collection)"
  entities    = [entity.Product, entity.Review]
  key {
    PK = "PRODUCT#${productId}"
  }
  workload {
    rate      = 100
    peak_rate = 1000
  }
  example {
    productId = "p-100"
    returns   = [entity.Product.example["p-100"], entity.Review.example["r-1"], entity.Review.example["r-2"]]
  }
}

access_pattern "orders_by_status" {
  description = "Admin: orders in a status placed within a date range"
  entity      = entity.Order
  index       = "GSI2"
  inputs = {
    from = string
    to   = string
  }
  key {
    GSI2PK = "STATUS#${status}"
    GSI2SK = between(from, "${to}#~")
  }
  attributes = ["orderId", "orderDate", "username", "total"]
  workload {
    rate       = 0.5
    peak_rate  = 5
    items_read = 100
  }
  example {
    status  = "PLACED"
    from    = "2024-05-01"
    to      = "2024-05-31"
    returns = [entity.Order.example["o-1002"], entity.Order.example["o-1003"]]
  }
}

write_pattern "register_customer" {
  description = "Sign up: the username and the e-mail must not be taken"
  repeat      = "fails"
  put {
    entity = entity.Customer
  }
  workload {
    rate      = 0.5 # every new customer (Customer's writes)
    peak_rate = 5
  }
}

write_pattern "place_order" {
  description = "Place an order once: a retried request must not create a duplicate"
  repeat      = "fails"
  put {
    entity    = entity.Order
  }
  workload {
    rate      = 4 # with update_order_status, Order's 5 writes a second
    peak_rate = 40
  }
}

write_pattern "update_order_status" {
  description = "Change an order's status unless someone changed the order since it was read"
  inputs      = { expected_version = number }
  repeat      = "fails"
  update {
    entity    = entity.Order
    set       = { status = input.status }
    add       = { version = 1 }
    condition = version == input.expected_version
  }
  workload {
    rate      = 1
    peak_rate = 10
  }
}

# Order ids are generated unique by the order service, so no guard item
# spends a second write on every order.
accept "TD153" {
  target = access_pattern.order_by_id
  reason = "order ids are generated unique by the order service (no guard item)"
}
