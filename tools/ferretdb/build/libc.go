package main

// libcModule is the C library the SQLite driver's SQLite (compiled to Go) calls, at the version
// the driver asks for. It is patched like the driver, with one edit of its own.
const libcModule = "modernc.org/libc"

// libcAdded are our files put into the C library's package, keyed by their name there.
var libcAdded = map[string]string{
	"memcmp_test.go": "_overlay/libc/memcmp_test.go",
	"memcpy_test.go": "_overlay/libc/memcpy_test.go",
}

// memcmpOld is the C library's memcmp on Linux, compiled from C to Go: it compares a byte at a
// time.
const memcmpOld = "\tvar l, r uintptr\n\tvar v2 int32\n\t_, _, _ = l, r, v2\n\tl = vl\n\tr = vr\n\tfor {\n" +
	"\t\tif !(n != 0 && int32(*(*uint8)(unsafe.Pointer(l))) == int32(*(*uint8)(unsafe.Pointer(r)))) {\n" +
	"\t\t\tbreak\n\t\t}\n\t\tgoto _1\n\t_1:\n\t\t;\n\t\tn--\n\t\tl++\n\t\tr++\n\t}\n\tif n != 0 {\n" +
	"\t\tv2 = int32(*(*uint8)(unsafe.Pointer(l))) - int32(*(*uint8)(unsafe.Pointer(r)))\n" +
	"\t} else {\n\t\tv2 = 0\n\t}\n\treturn v2\n}"

// memcmpNew compares with Go's bytes.Compare, which the Go runtime does many bytes at a time. C's
// memcmp promises only the sign of its answer (its bytes compared as unsigned char, as here).
const memcmpNew = "\tif n == 0 {\n\t\treturn 0\n\t}\n\n" +
	"\treturn int32(bytes.Compare(unsafe.Slice((*byte)(unsafe.Pointer(vl)), n), unsafe.Slice((*byte)(unsafe.Pointer(vr)), n)))\n}"

// memcmpWhy is why memcmp compares many bytes at a time.
const memcmpWhy = "SQLite's JSON functions look the document they are given up in a small cache of parsed " +
	"documents by comparing its whole text (memcmp), at each of the JSON lookups that maintain a " +
	"collection's key indexes: 11% of FerretDB's CPU under the checkout bench, in memcmp's loop of " +
	"a byte at a time. bytes.Compare gives the same sign."

// memcpyOld is where the C library's memcpy on Linux, compiled from C to Go, begins: musl's
// loop, four bytes at a time at best.
const memcpyOld = "func Xmemcpy(tls *TLS, dest uintptr, src uintptr, n Tsize_t) (r uintptr) {\n"

// memcpyNew copies with Go's copy (the runtime's memmove, many bytes at a time) and keeps musl's
// loop under another name, unused, so that the rest of its body needs no edit. C's memcpy is
// undefined for overlapping areas; copy handles them too.
const memcpyNew = "func Xmemcpy(tls *TLS, dest uintptr, src uintptr, n Tsize_t) (r uintptr) {\n" +
	"\tif n != 0 {\n" +
	"\t\tcopy(unsafe.Slice((*byte)(unsafe.Pointer(dest)), n), unsafe.Slice((*byte)(unsafe.Pointer(src)), n))\n" +
	"\t}\n\n\treturn dest\n}\n\n" +
	"// muslMemcpy is musl's memcpy, compiled from C, which Xmemcpy was (see tools/ferretdb/build/libc.go).\n" +
	"func muslMemcpy(tls *TLS, dest uintptr, src uintptr, n Tsize_t) (r uintptr) {\n"

// memcpyWhy is why memcpy copies many bytes at a time.
const memcpyWhy = "SQLite copies values, pages and JSON with memcpy: 4% of FerretDB's CPU under the checkout " +
	"bench, in musl's loop of four bytes at a time. copy gives the same bytes."

var libcEdits = []edit{
	{
		file: "ccgo_linux_amd64.go",
		why:  memcpyWhy + " (Linux on amd64)",
		old:  memcpyOld,
		new:  memcpyNew,
	},
	{
		file: "ccgo_linux_arm64.go",
		why:  memcpyWhy + " (Linux on arm64)",
		old:  memcpyOld,
		new:  memcpyNew,
	},
	{
		file: "ccgo_linux_amd64.go",
		why:  memcmpWhy + " (Linux on amd64)",
		old:  memcmpOld,
		new:  memcmpNew,
	},
	{
		file: "ccgo_linux_amd64.go",
		why:  "memcmp's file imports bytes.",
		old:  "import (\n",
		new:  "import (\n\t\"bytes\"\n",
	},
	{
		file: "ccgo_linux_arm64.go",
		why:  memcmpWhy + " (Linux on arm64)",
		old:  memcmpOld,
		new:  memcmpNew,
	},
	{
		file: "ccgo_linux_arm64.go",
		why:  "memcmp's file imports bytes.",
		old:  "import (\n",
		new:  "import (\n\t\"bytes\"\n",
	},
}
