{
  "targets": [
    {
      "target_name": "wiki_fs",
      "sources": ["wiki_fs.c"],
      "cflags": ["-O2", "-Wall", "-Wextra"]
    }
  ]
}
