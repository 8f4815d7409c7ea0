//go:build amd64 && !purego

#include "textflag.h"

// func countUntilAVX512(p *byte, n int, c, stop byte) (count, at int)
//
// A 64-byte block at a time: the bytes equal to stop (K2) and to c (K1);
// the first block with a stop ends the loop, and counts the c bytes below
// it. The last n%64 bytes are read with a masked load (K3), which touches
// no byte past p+n. n >= 1.
TEXT ·countUntilAVX512(SB), NOSPLIT, $0-40
	MOVQ         p+0(FP), SI
	MOVQ         n+8(FP), CX
	VPBROADCASTB c+16(FP), Z1
	VPBROADCASTB stop+17(FP), Z2
	XORQ         DX, DX
	MOVQ         SI, DI
	CMPQ         CX, $64
	JB           tail

loop:
	VMOVDQU64 (SI), Z0
	VPCMPEQB  Z2, Z0, K2
	VPCMPEQB  Z1, Z0, K1
	KORTESTQ  K2, K2
	JNZ       found
	KMOVQ     K1, R8
	POPCNTQ   R8, R8
	ADDQ      R8, DX
	ADDQ      $64, SI
	SUBQ      $64, CX
	CMPQ      CX, $64
	JAE       loop

tail:
	TESTQ      CX, CX
	JZ         done
	MOVQ       $-1, R9
	BZHIQ      CX, R9, R9
	KMOVQ      R9, K3
	VMOVDQU8.Z (SI), K3, Z0
	VPCMPEQB   Z2, Z0, K3, K2
	VPCMPEQB   Z1, Z0, K3, K1
	KORTESTQ   K2, K2
	JNZ        found
	KMOVQ      K1, R8
	POPCNTQ    R8, R8
	ADDQ       R8, DX
	ADDQ       CX, SI

done:
	SUBQ       DI, SI
	MOVQ       DX, count+24(FP)
	MOVQ       SI, at+32(FP)
	VZEROUPPER
	RET

found:
	KMOVQ   K2, R9
	TZCNTQ  R9, R9
	KMOVQ   K1, R8
	BZHIQ   R9, R8, R8
	POPCNTQ R8, R8
	ADDQ    R8, DX
	ADDQ    R9, SI
	JMP     done

// func countMarksAVX512(p *byte, n int, c, mark byte, dst *uint32, room int) (count, marks, at int)
//
// A 64-byte block at a time: the bytes equal to c (K1) are counted, and
// the offsets of those equal to mark (K2) written to dst, one TZCNT and
// BLSR each; a block whose marks do not fit in what is left of room ends
// the loop before it (at is its offset). Every block is a masked load
// (K3, AX bytes): all 64 bytes, then the last n%64, so that the load
// touches no byte past p+n and the last block takes the same path. n >= 1.
TEXT ·countMarksAVX512(SB), NOSPLIT, $0-64
	MOVQ         p+0(FP), SI
	MOVQ         n+8(FP), CX
	VPBROADCASTB c+16(FP), Z1
	VPBROADCASTB mark+17(FP), Z2
	MOVQ         dst+24(FP), BX
	MOVQ         room+32(FP), R12
	XORQ         DX, DX
	XORQ         R13, R13
	MOVQ         SI, DI
	KXNORQ       K3, K3, K3
	MOVQ         $64, AX

marksLoop:
	CMPQ CX, $64
	JB   marksLast

marksBlock:
	VMOVDQU8.Z (SI), K3, Z0
	VPCMPEQB   Z1, Z0, K3, K1
	VPCMPEQB   Z2, Z0, K3, K2
	KMOVQ      K2, R9
	TESTQ      R9, R9
	JZ         marksCount
	POPCNTQ    R9, R10
	MOVQ       R12, R11
	SUBQ       R13, R11
	CMPQ       R10, R11
	JA         marksDone
	MOVQ       SI, R11
	SUBQ       DI, R11

marksWrite:
	TZCNTQ R9, R10
	ADDQ   R11, R10
	MOVL   R10, (BX)(R13*4)
	INCQ   R13
	BLSRQ  R9, R9
	JNZ    marksWrite

marksCount:
	KMOVQ   K1, R8
	POPCNTQ R8, R8
	ADDQ    R8, DX
	ADDQ    AX, SI
	SUBQ    AX, CX
	JMP     marksLoop

marksLast:
	TESTQ CX, CX
	JZ    marksDone
	MOVQ  $-1, R9
	BZHIQ CX, R9, R9
	KMOVQ R9, K3
	MOVQ  CX, AX
	JMP   marksBlock

marksDone:
	SUBQ       DI, SI
	MOVQ       DX, count+40(FP)
	MOVQ       R13, marks+48(FP)
	MOVQ       SI, at+56(FP)
	VZEROUPPER
	RET
