output "table_name" {
  description = "Name of the table."
  value       = aws_dynamodb_table.this.name
}

output "table_arn" {
  description = "ARN of the table."
  value       = aws_dynamodb_table.this.arn
}

output "table_id" {
  description = "ID of the table (the provider uses the table name)."
  value       = aws_dynamodb_table.this.id
}

output "stream_arn" {
  description = "ARN of the table's latest stream; null when the stream is off."
  value       = var.stream_view_type == null ? null : aws_dynamodb_table.this.stream_arn
}

output "stream_label" {
  description = "Timestamp label of the table's latest stream (not unique on its own, the ARN is); null when the stream is off."
  value       = var.stream_view_type == null ? null : aws_dynamodb_table.this.stream_label
}

output "global_secondary_index_names" {
  description = "Names of the global secondary indexes, in the order of var.global_secondary_indexes."
  value       = var.global_secondary_indexes[*].name
}

output "local_secondary_index_names" {
  description = "Names of the local secondary indexes, in the order of var.local_secondary_indexes."
  value       = var.local_secondary_indexes[*].name
}

output "hash_key" {
  description = "Name of the table's partition (hash) key attribute."
  value       = aws_dynamodb_table.this.hash_key
}

output "range_key" {
  description = "Name of the table's sort (range) key attribute; null when the table has no sort key."
  value       = var.sort_key == null ? null : aws_dynamodb_table.this.range_key
}
