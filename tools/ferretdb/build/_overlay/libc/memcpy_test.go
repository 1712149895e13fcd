// This file is ours, not modernc.org/libc's: tools/ferretdb/build adds it to the C library's
// package at build time (see libc.go there), and `go test ./build` runs it in the patched source.

package libc

import (
	"bytes"
	"math/rand"
	"testing"
	"unsafe"
)

func TestMemcpyCopiesEveryByteAtAnyAlignment(t *testing.T) {
	tls := NewTLS()
	defer tls.Close()

	random := rand.New(rand.NewSource(1))

	for n := 0; n < 300; n++ {
		for round := 0; round < 16; round++ {
			// Source and destination start at every offset from a 4- and 8-byte boundary (musl's
			// loop had a case for each), with bytes around the destination that must stay.
			from, to := round%8, (round/2)%8
			src := make([]byte, n+16)
			random.Read(src)
			dst := make([]byte, n+16)
			random.Read(dst)
			before := append([]byte(nil), dst...)

			got := Xmemcpy(tls, uintptr(unsafe.Pointer(&dst[to])), uintptr(unsafe.Pointer(&src[from])), Tsize_t(n))

			if want := uintptr(unsafe.Pointer(&dst[to])); got != want {
				t.Fatalf("when %d bytes are copied, then memcpy answers %#x, not the destination %#x", n, got, want)
			}
			if !bytes.Equal(dst[to:to+n], src[from:from+n]) {
				t.Fatalf("when %d bytes are copied from offset %d to offset %d, then the destination holds %x, not %x", n, from, to, dst[to:to+n], src[from:from+n])
			}
			if !bytes.Equal(dst[:to], before[:to]) || !bytes.Equal(dst[to+n:], before[to+n:]) {
				t.Fatalf("when %d bytes are copied to offset %d, then bytes outside them changed", n, to)
			}
		}
	}
}
