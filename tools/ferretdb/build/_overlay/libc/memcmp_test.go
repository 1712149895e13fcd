// This file is ours, not modernc.org/libc's: tools/ferretdb/build adds it to the C library's
// package at build time (see libc.go there), and `go test ./build` runs it in the patched source.

package libc

import (
	"math/rand"
	"testing"
	"unsafe"
)

// sign is C's memcmp's promise: the sign of the first differing byte's difference, as unsigned
// char, or 0.
func sign(a, b []byte) int32 {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}

			return 1
		}
	}

	return 0
}

func TestMemcmpGivesTheSignOfTheFirstDifference(t *testing.T) {
	tls := NewTLS()
	defer tls.Close()

	random := rand.New(rand.NewSource(1))

	for n := 0; n < 300; n++ {
		for round := 0; round < 20; round++ {
			a := make([]byte, n+1)
			random.Read(a)

			b := append([]byte(nil), a...)
			if n > 0 && round > 0 {
				// One difference, anywhere, high bytes included (unsigned: 0x80 is more than 0x7f).
				at := random.Intn(n)
				b[at] = byte(random.Intn(256))
			}

			got := Xmemcmp(tls, uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&b[0])), Tsize_t(n))
			if want := sign(a[:n], b[:n]); (got > 0) != (want > 0) || (got < 0) != (want < 0) {
				t.Fatalf("when %x and %x are compared, then memcmp answers %d, not the sign %d", a[:n], b[:n], got, want)
			}
		}
	}

	high, low := []byte{0x80}, []byte{0x7f}
	if got := Xmemcmp(tls, uintptr(unsafe.Pointer(&high[0])), uintptr(unsafe.Pointer(&low[0])), 1); got <= 0 {
		t.Errorf("when 0x80 is compared with 0x7f, then memcmp answers %d", got)
	}
}
