//go:build amd64 && !purego

#include "textflag.h"

// func masksAVX2(dst *uint64, src *byte, blocks int, set *[10]byte)
//
// For each 64-byte block: two 32-byte halves; for each of the five
// patterns (mask m, value v), the bytes b with b&m == v; the matches of all
// patterns ORed; VPMOVMSKB turns each half into 32 bits.
TEXT ·masksAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), DX
	VPBROADCASTB 0(DX), Y6
	VPBROADCASTB 1(DX), Y7
	VPBROADCASTB 2(DX), Y8
	VPBROADCASTB 3(DX), Y9
	VPBROADCASTB 4(DX), Y10
	VPBROADCASTB 5(DX), Y11
	VPBROADCASTB 6(DX), Y12
	VPBROADCASTB 7(DX), Y13
	VPBROADCASTB 8(DX), Y14
	VPBROADCASTB 9(DX), Y15
	TESTQ CX, CX
	JZ    avx2done

avx2loop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1

	VPAND    Y6, Y0, Y2
	VPCMPEQB Y7, Y2, Y4
	VPAND    Y6, Y1, Y3
	VPCMPEQB Y7, Y3, Y5

	VPAND    Y8, Y0, Y2
	VPCMPEQB Y9, Y2, Y2
	VPOR     Y2, Y4, Y4
	VPAND    Y8, Y1, Y3
	VPCMPEQB Y9, Y3, Y3
	VPOR     Y3, Y5, Y5

	VPAND    Y10, Y0, Y2
	VPCMPEQB Y11, Y2, Y2
	VPOR     Y2, Y4, Y4
	VPAND    Y10, Y1, Y3
	VPCMPEQB Y11, Y3, Y3
	VPOR     Y3, Y5, Y5

	VPAND    Y12, Y0, Y2
	VPCMPEQB Y13, Y2, Y2
	VPOR     Y2, Y4, Y4
	VPAND    Y12, Y1, Y3
	VPCMPEQB Y13, Y3, Y3
	VPOR     Y3, Y5, Y5

	VPAND    Y14, Y0, Y2
	VPCMPEQB Y15, Y2, Y2
	VPOR     Y2, Y4, Y4
	VPAND    Y14, Y1, Y3
	VPCMPEQB Y15, Y3, Y3
	VPOR     Y3, Y5, Y5

	VPMOVMSKB Y4, AX
	VPMOVMSKB Y5, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      AX, (DI)
	ADDQ      $64, SI
	ADDQ      $8, DI
	DECQ      CX
	JNZ       avx2loop

avx2done:
	VZEROUPPER
	RET

// func masksAVX512(dst *uint64, src *byte, blocks int, set *[10]byte)
//
// The same with one 64-byte register per block and the comparisons into
// mask registers.
TEXT ·masksAVX512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), DX
	VPBROADCASTB 0(DX), Z6
	VPBROADCASTB 1(DX), Z7
	VPBROADCASTB 2(DX), Z8
	VPBROADCASTB 3(DX), Z9
	VPBROADCASTB 4(DX), Z10
	VPBROADCASTB 5(DX), Z11
	VPBROADCASTB 6(DX), Z12
	VPBROADCASTB 7(DX), Z13
	VPBROADCASTB 8(DX), Z14
	VPBROADCASTB 9(DX), Z15
	TESTQ CX, CX
	JZ    avx512done

avx512loop:
	VMOVDQU64 (SI), Z0

	VPANDQ   Z6, Z0, Z1
	VPCMPEQB Z7, Z1, K1
	VPANDQ   Z8, Z0, Z2
	VPCMPEQB Z9, Z2, K2
	VPANDQ   Z10, Z0, Z3
	VPCMPEQB Z11, Z3, K3
	VPANDQ   Z12, Z0, Z4
	VPCMPEQB Z13, Z4, K4
	VPANDQ   Z14, Z0, Z5
	VPCMPEQB Z15, Z5, K5

	KORQ  K2, K1, K1
	KORQ  K4, K3, K3
	KORQ  K5, K1, K1
	KORQ  K3, K1, K1
	KMOVQ K1, AX
	MOVQ  AX, (DI)
	ADDQ  $64, SI
	ADDQ  $8, DI
	DECQ  CX
	JNZ   avx512loop

avx512done:
	VZEROUPPER
	RET
