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

// func prefixCLMUL(m *uint64, n int, carry uint64) uint64
//
// For each word: the carry-less product of the word and all ones is its
// prefix XOR (bit i of the product XORs bits 0..i of the word); XOR the
// carry (0 or all ones) and store; the new carry is the top bit spread
// over the word. n must be at least 1.
TEXT ·prefixCLMUL(SB), NOSPLIT, $0-32
	MOVQ m+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ carry+16(FP), DX
	NEGQ DX            // 0 or all ones
	MOVQ $-1, AX
	MOVQ AX, X1

clmulloop:
	MOVQ      (DI), X0
	PCLMULQDQ $0x00, X1, X0
	MOVQ      X0, AX
	XORQ      DX, AX
	MOVQ      AX, (DI)
	SARQ      $63, AX
	MOVQ      AX, DX
	ADDQ      $8, DI
	DECQ      CX
	JNZ       clmulloop
	ANDQ      $1, DX
	MOVQ      DX, ret+24(FP)
	RET

// func laneAVX512(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64) uint64
//
// The lane's three masks in one pass: for each 64-byte block, the quotes
// (set[0]), the enders (set[1], set[2], set[3]: delimiter, LF, CR), and the
// prefix XOR of the quotes (a carry-less multiply by all ones) XORed with
// the carry, which is then the top bit spread over the word. blocks >= 1.
TEXT ·laneAVX512(SB), NOSPLIT, $0-64
	MOVQ q+0(FP), DI
	MOVQ e+8(FP), R8
	MOVQ in+16(FP), R9
	MOVQ src+24(FP), SI
	MOVQ blocks+32(FP), CX
	MOVQ set+40(FP), DX
	MOVQ carry+48(FP), BX
	NEGQ BX
	VPBROADCASTB 0(DX), Z1
	VPBROADCASTB 1(DX), Z2
	VPBROADCASTB 2(DX), Z3
	VPBROADCASTB 3(DX), Z4
	MOVQ         $-1, AX
	VMOVQ        AX, X5

lane512loop:
	VMOVDQU64 (SI), Z0
	VPCMPEQB  Z1, Z0, K1
	VPCMPEQB  Z2, Z0, K2
	VPCMPEQB  Z3, Z0, K3
	VPCMPEQB  Z4, Z0, K4
	KORQ      K3, K2, K2
	KORQ      K4, K2, K2
	KMOVQ     K1, AX
	KMOVQ     K2, R10
	MOVQ      AX, (DI)
	MOVQ      R10, (R8)
	VMOVQ     AX, X6
	VPCLMULQDQ $0x00, X5, X6, X6
	VMOVQ     X6, AX
	XORQ      BX, AX
	MOVQ      AX, (R9)
	SARQ      $63, AX
	MOVQ      AX, BX
	ADDQ      $64, SI
	ADDQ      $8, DI
	ADDQ      $8, R8
	ADDQ      $8, R9
	DECQ      CX
	JNZ       lane512loop
	ANDQ      $1, BX
	MOVQ      BX, ret+56(FP)
	VZEROUPPER
	RET

// func laneAVX2(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64) uint64
//
// The same with two 32-byte halves per block and VPMOVMSKB.
TEXT ·laneAVX2(SB), NOSPLIT, $0-64
	MOVQ q+0(FP), DI
	MOVQ e+8(FP), R8
	MOVQ in+16(FP), R9
	MOVQ src+24(FP), SI
	MOVQ blocks+32(FP), CX
	MOVQ set+40(FP), DX
	MOVQ carry+48(FP), BX
	NEGQ BX
	VPBROADCASTB 0(DX), Y10
	VPBROADCASTB 1(DX), Y11
	VPBROADCASTB 2(DX), Y12
	VPBROADCASTB 3(DX), Y13
	MOVQ         $-1, AX
	VMOVQ        AX, X14

lane2loop:
	VMOVDQU  (SI), Y0
	VMOVDQU  32(SI), Y1
	VPCMPEQB Y10, Y0, Y2
	VPCMPEQB Y10, Y1, Y3
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, R11
	SHLQ     $32, R11
	ORQ      R11, AX

	VPCMPEQB Y11, Y0, Y4
	VPCMPEQB Y12, Y0, Y5
	VPOR     Y5, Y4, Y4
	VPCMPEQB Y13, Y0, Y5
	VPOR     Y5, Y4, Y4
	VPCMPEQB Y11, Y1, Y6
	VPCMPEQB Y12, Y1, Y7
	VPOR     Y7, Y6, Y6
	VPCMPEQB Y13, Y1, Y7
	VPOR     Y7, Y6, Y6
	VPMOVMSKB Y4, R10
	VPMOVMSKB Y6, R11
	SHLQ     $32, R11
	ORQ      R11, R10

	MOVQ     AX, (DI)
	MOVQ     R10, (R8)
	VMOVQ    AX, X15
	VPCLMULQDQ $0x00, X14, X15, X15
	VMOVQ    X15, AX
	XORQ     BX, AX
	MOVQ     AX, (R9)
	SARQ     $63, AX
	MOVQ     AX, BX
	ADDQ     $64, SI
	ADDQ     $8, DI
	ADDQ     $8, R8
	ADDQ     $8, R9
	DECQ     CX
	JNZ      lane2loop
	ANDQ     $1, BX
	MOVQ     BX, ret+56(FP)
	VZEROUPPER
	RET

// func laneAVX512N(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64, table *[16]byte) uint64
//
// laneAVX512 with the enders looked up in table (vecLaneSet.table): one
// VPSHUFB and one compare instead of three compares and two ORs, the masks
// stored through one index, and two blocks a turn (after a first one when
// blocks is odd), whose prefix XORs are independent but for the carry.
// 1.7 times laneAVX512's speed on random letters in L1
// (BenchmarkLaneMasks, Zen 5).
TEXT ·laneAVX512N(SB), NOSPLIT, $0-72
	MOVQ q+0(FP), DI
	MOVQ e+8(FP), R8
	MOVQ in+16(FP), R9
	MOVQ src+24(FP), SI
	MOVQ blocks+32(FP), CX
	MOVQ set+40(FP), DX
	MOVQ carry+48(FP), BX
	MOVQ table+56(FP), R12
	NEGQ BX
	VPBROADCASTB 0(DX), Z1
	VBROADCASTI32X4 (R12), Z7
	MOVQ         $-1, AX
	VMOVQ        AX, X5
	XORQ         R11, R11

	TESTQ     $1, CX
	JZ        laneNpairs

	// one block first, so that the rest go two at a time
	VMOVDQU64 (SI), Z0
	VPCMPEQB  Z1, Z0, K1
	VPSHUFB   Z0, Z7, Z2
	VPCMPEQB  Z2, Z0, K2
	KMOVQ     K1, AX
	KMOVQ     K2, (R8)
	MOVQ      AX, (DI)
	VMOVQ     AX, X6
	VPCLMULQDQ $0x00, X5, X6, X6
	VMOVQ     X6, AX
	XORQ      BX, AX
	MOVQ      AX, (R9)
	SARQ      $63, AX
	MOVQ      AX, BX
	ADDQ      $64, SI
	INCQ      R11
	CMPQ      R11, CX
	JEQ       laneNdone

laneNpairs:
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z8
	VPCMPEQB  Z1, Z0, K1
	VPCMPEQB  Z1, Z8, K3
	VPSHUFB   Z0, Z7, Z2
	VPSHUFB   Z8, Z7, Z9
	VPCMPEQB  Z2, Z0, K2
	VPCMPEQB  Z9, Z8, K4
	KMOVQ     K1, AX
	KMOVQ     K3, R13
	KMOVQ     K2, (R8)(R11*8)
	KMOVQ     K4, 8(R8)(R11*8)
	MOVQ      AX, (DI)(R11*8)
	MOVQ      R13, 8(DI)(R11*8)
	VMOVQ     AX, X6
	VMOVQ     R13, X10
	VPCLMULQDQ $0x00, X5, X6, X6
	VPCLMULQDQ $0x00, X5, X10, X10
	VMOVQ     X6, AX
	VMOVQ     X10, R13
	XORQ      BX, AX
	MOVQ      AX, (R9)(R11*8)
	SARQ      $63, AX
	XORQ      AX, R13
	MOVQ      R13, 8(R9)(R11*8)
	SARQ      $63, R13
	MOVQ      R13, BX
	ADDQ      $128, SI
	ADDQ      $2, R11
	CMPQ      R11, CX
	JNE       laneNpairs

laneNdone:
	ANDQ      $1, BX
	MOVQ      BX, ret+64(FP)
	VZEROUPPER
	RET

// func laneAVX2N(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64, table *[16]byte) uint64
//
// laneAVX2 with the enders looked up in table (vecLaneSet.table): one
// VPSHUFB and one compare a half instead of three compares.
TEXT ·laneAVX2N(SB), NOSPLIT, $0-72
	MOVQ q+0(FP), DI
	MOVQ e+8(FP), R8
	MOVQ in+16(FP), R9
	MOVQ src+24(FP), SI
	MOVQ blocks+32(FP), CX
	MOVQ set+40(FP), DX
	MOVQ carry+48(FP), BX
	MOVQ table+56(FP), R12
	NEGQ BX
	VPBROADCASTB   0(DX), Y10
	VBROADCASTI128 (R12), Y11
	MOVQ           $-1, AX
	VMOVQ          AX, X14
	XORQ           DX, DX

lane2Nloop:
	VMOVDQU  (SI), Y0
	VMOVDQU  32(SI), Y1
	VPCMPEQB Y10, Y0, Y2
	VPCMPEQB Y10, Y1, Y3
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, R11
	SHLQ     $32, R11
	ORQ      R11, AX

	VPSHUFB  Y0, Y11, Y4
	VPSHUFB  Y1, Y11, Y5
	VPCMPEQB Y0, Y4, Y4
	VPCMPEQB Y1, Y5, Y5
	VPMOVMSKB Y4, R10
	VPMOVMSKB Y5, R11
	SHLQ     $32, R11
	ORQ      R11, R10

	MOVQ     AX, (DI)(DX*8)
	MOVQ     R10, (R8)(DX*8)
	VMOVQ    AX, X15
	VPCLMULQDQ $0x00, X14, X15, X15
	VMOVQ    X15, AX
	XORQ     BX, AX
	MOVQ     AX, (R9)(DX*8)
	SARQ     $63, AX
	MOVQ     AX, BX
	ADDQ     $64, SI
	INCQ     DX
	CMPQ     DX, CX
	JNE      lane2Nloop
	ANDQ     $1, BX
	MOVQ     BX, ret+64(FP)
	VZEROUPPER
	RET
