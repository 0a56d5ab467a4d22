"""A small Flask/Werkzeug upload endpoint for Courier's multipart interop tests (not part of the library).

POST /upload parses the multipart/form-data body with Werkzeug and answers with JSON: the text fields in
order (repeated names kept), and for each file part its field name, the filename as Werkzeug decoded it,
its content type, its size and the SHA-256 of its bytes, so a test can compare contents byte for byte.

Usage: python upload_server.py PORT
"""

import hashlib
import sys

from flask import Flask, jsonify, request

app = Flask(__name__)
# Courier's tests send many small fields and files of several MiB; Werkzeug spools files to disk.
app.config["MAX_FORM_PARTS"] = 100_000
app.config["MAX_FORM_MEMORY_SIZE"] = 16 * 1024 * 1024


@app.post("/upload")
def upload():
    files = []
    for name, storage in request.files.items(multi=True):
        digest = hashlib.sha256()
        size = 0
        while True:
            chunk = storage.stream.read(1 << 20)
            if not chunk:
                break
            digest.update(chunk)
            size += len(chunk)
        files.append(
            {
                "name": name,
                "filename": storage.filename,
                "content_type": storage.content_type,
                "size": size,
                "sha256": digest.hexdigest(),
            }
        )
    fields = [[name, value] for name, value in request.form.items(multi=True)]
    return jsonify(
        fields=fields,
        files=files,
        content_length=request.content_length,
        content_type=request.content_type,
    )


@app.get("/health")
def health():
    return "ok"


if __name__ == "__main__":
    from werkzeug.serving import run_simple

    run_simple("127.0.0.1", int(sys.argv[1]), app, threaded=True)
