# Errors and warnings about input files (perflab ingest, and every command that reads raw outputs).
input-type-mismatch = key "{ $key }": expected { $expected }, found { $found }
input-type-number = a number
input-type-string = a string
input-type-number-list = a list of numbers
input-type-null = null
input-type-boolean = a boolean
input-type-array = an array
input-type-object = an object
input-no-metric = a { $format } result without any metric value (every value is missing or N/A)
input-unknown-label = unknown label `{ $label }` in the serving block; its value `{ $value }` is kept in the `extra` column
objects-error-scheme = { $url }: the scheme `{ $scheme }` is not a store perflab reads (a folder, file://, s3://, gs://, az://, abfss://)
objects-error-open = { $url }: { $reason }
objects-error-empty = { $url }: no object under this prefix
objects-error-credentials-s3 = { $url }: no Amazon S3 credentials in the environment. Set { $missing } (or instead { $others }) and run again; for an S3-compatible server also AWS_ENDPOINT (and AWS_ALLOW_HTTP=true for plain HTTP).
objects-error-credentials-gs = { $url }: no Google Cloud Storage credentials in the environment. Set { $missing } to a service account key file (or instead { $others }) and run again.
objects-error-credentials-az = { $url }: no Azure Storage credentials in the environment. Set { $missing } (or instead { $others }) and run again.
