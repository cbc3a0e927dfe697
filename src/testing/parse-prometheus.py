"""Parse the Prometheus text exposition format on stdin with the official Python client's parser
(prometheus_client.parser, Debian's python3-prometheus-client) and print its samples as JSON.
A line the parser rejects fails here with its error, as a Prometheus scrape would."""
import json
import math
import sys

from prometheus_client.parser import text_string_to_metric_families

families = []
for family in text_string_to_metric_families(sys.stdin.read()):
    families.append({
        "name": family.name,
        "type": family.type,
        "help": family.documentation,
        # NaN and the infinities are valid sample values; JSON has no literal for them.
        "samples": [{"name": s.name, "labels": s.labels, "value": s.value if math.isfinite(s.value) else str(s.value)} for s in family.samples],
    })
json.dump(families, sys.stdout, allow_nan=False)
