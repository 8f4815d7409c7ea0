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
