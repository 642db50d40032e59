# The HTML page around the report.
html-raw-output = Raw benchmark output
