// The HLSL of the Direct3D 11 tests' shaders.  tests/d3d11/shaders.h holds
// their DXBC, made by tools/compile-hlsl.sh (Wine's d3dcompiler_47 under
// Wine); run it again after a change here.
//   name        entry      profile
//   vs_color    vs_color   vs_4_0
//   ps_tint     ps_tint    ps_4_0
//   ps_texture  ps_texture ps_4_0
//   ps_two      ps_two     ps_4_0
//   vs_fetch    vs_fetch   vs_4_0
//   vs_inst     vs_inst    vs_4_0
//   ps_cb1      ps_cb1     ps_4_0
//   ps_cbs      ps_cbs     ps_4_0
//   ps_cb5      ps_cb5     ps_4_0   (cb5: refused for now)
//   ps_cube     ps_cube    ps_4_0
//   ps_volume   ps_volume  ps_4_0
//   ps_array    ps_array   ps_4_0
//   ps_uint     ps_uint    ps_4_0
//   ps_out_uint ps_out_uint ps_4_0
//   ps_line     ps_line    ps_4_0
//   ps_line1    ps_line1   ps_4_0
//   ps_buffer   ps_buffer  ps_4_0
//   ps_buffers  ps_buffers ps_4_0
//   vs_buffer   vs_buffer  vs_4_0
//   ps_cmp      ps_cmp     ps_4_0
//   cs_write    cs_write   ps_5_0   (made a compute shader by dxbc_edit.h)
//   cs_words    cs_words   ps_5_0   (made a compute shader by dxbc_edit.h)
//   cs_twice    cs_twice   ps_5_0   (made a compute shader by dxbc_edit.h)
//   ps_uav      ps_uav     ps_5_0
//   ps_dual     ps_dual    ps_4_0
//   ps_mrt8     ps_mrt8    ps_4_0
//   vs_wide     vs_wide    vs_4_0
//   ps_cubearr  ps_cubearr ps_4_1
//   ps_stencil  ps_stencil ps_4_0
//   vs_unused   vs_unused  vs_4_0
//   vs_uav      vs_uav     vs_5_0

cbuffer tint_cb : register(b0)
{
    float4 tint;
};

struct varyings
{
    float4 pos : SV_Position;
    float4 color : COLOR;
};

varyings vs_color(float3 pos : POSITION, float4 color : COLOR)
{
    varyings o;
    o.pos = float4(pos, 1.0);
    o.color = color;
    return o;
}

float4 ps_tint(varyings i) : SV_Target
{
    return i.color * tint;
}

Texture2D tex : register(t0);
SamplerState smp : register(s0);

float4 ps_texture(varyings i) : SV_Target
{
    return tex.Sample(smp, i.color.xy);
}

// Two textures through one sampler, and a load without a sampler: the
// pairs (t0, s1), (t1, s1), (t1, none).
Texture2D tex_a : register(t0);
Texture2D tex_b : register(t1);
SamplerState smp_b : register(s1);

float4 ps_two(varyings i) : SV_Target
{
    return tex_a.Sample(smp_b, i.color.xy) * 0.5 + tex_b.Sample(smp_b, i.color.xy) * 0.25 +
           tex_b.Load(int3(1, 1, 0)) * 0.25;
}

// A vertex shader reading a texture: its colour is t0 at texel (r, g).
varyings vs_fetch(float3 pos : POSITION, float4 color : COLOR)
{
    varyings o;
    o.pos = float4(pos, 1.0);
    o.color = tex.Load(int3(color.xy, 0));
    return o;
}

// Instancing: a per-instance colour and offset.
varyings vs_inst(float3 pos : POSITION, float4 color : COLOR, float2 offset : OFFSET)
{
    varyings o;
    o.pos = float4(pos.xy + offset, pos.z, 1.0);
    o.color = color;
    return o;
}

cbuffer second_cb : register(b1)
{
    float4 second;
};

float4 ps_cb1(varyings i) : SV_Target
{
    return i.color * second;
}

cbuffer third_cb : register(b2)
{
    float4 third;
};

// b0, b1 and b2 together: colour * tint + second + third.
float4 ps_cbs(varyings i) : SV_Target
{
    return i.color * tint + second + third;
}

cbuffer sixth_cb : register(b5)
{
    float4 sixth;
};

float4 ps_cb5(varyings i) : SV_Target
{
    return i.color * sixth;
}

TextureCube cube : register(t1);

// A cube map looked up in the direction of the vertex colour's xyz, minus
// one half (so colours in [0, 1] name every face).
float4 ps_cube(varyings i) : SV_Target
{
    return cube.Sample(smp, i.color.xyz - 0.5);
}

Texture3D vol : register(t2);

float4 ps_volume(varyings i) : SV_Target
{
    return vol.Sample(smp, i.color.xyz);
}

Texture2DArray arr : register(t3);

// A texture array: the vertex colour's xy inside the slice its z names
// (z times 255: the colour channel's byte is the slice).
float4 ps_array(varyings i) : SV_Target
{
    return arr.Sample(smp, float3(i.color.xy, i.color.z * 255.0));
}

Texture2D<uint> ut : register(t4);

// An integer texture's texel (0, 0), loaded, over 255 in every channel.
float4 ps_uint(varyings i) : SV_Target
{
    return ut.Load(int3(0, 0, 0)) / 255.0;
}

// An integer target's value: 77 in x, the vertex colour's red times 255 in y.
uint2 ps_out_uint(varyings i) : SV_Target
{
    return uint2(77, (uint)(i.color.x * 255.0));
}

Texture1DArray line_arr : register(t5);
Texture1D line_one : register(t6);

// A 1D texture array: the vertex colour's x along the slice its z names
// (z times 255, as ps_array).
float4 ps_line(varyings i) : SV_Target
{
    return line_arr.Sample(smp, float2(i.color.x, i.color.z * 255.0));
}

// A 1D texture, at the vertex colour's x.
float4 ps_line1(varyings i) : SV_Target
{
    return line_one.Sample(smp, i.color.x);
}

// Buffers.  Wine's HLSL compiler has no buffer types: these read
// Texture2Ds, which the tests turn into buffers (tests/e2e/dxbc_edit.h:
// the declaration becomes a typed, raw or structured buffer's and each ld
// of it an ld, ld_raw or ld_structured with the address's x and y).
// ps_buffer: the element of a typed buffer the vertex colour's red picks
// (k = red * 255).
Texture2D<float4> fbuf : register(t1);

float4 ps_buffer(varyings i) : SV_Target
{
    return fbuf.Load(int3((int)(i.color.x * 255.0 + 0.5), 0, 0));
}

// ps_buffers: (structure k's float at byte 16 of a structured buffer, the
// raw word at byte 4k as a float, the unsigned element k's y / 255, 1).
Texture2D<float4> sbuf : register(t2);
Texture2D<float4> rbuf : register(t3);
Texture2D<uint4> ubuf : register(t4);

float4 ps_buffers(varyings i) : SV_Target
{
    int k = (int)(i.color.x * 255.0 + 0.5);
    float sv = sbuf.Load(int3(k, 16, 0)).x;
    float rv = rbuf.Load(int3(4 * k, 0, 0)).x;
    float uv = ubuf.Load(int3(k, 0, 0)).y / 255.0;
    return float4(sv, rv, uv, 1.0);
}

// vs_buffer: no inputs; its positions are a typed buffer's elements, by
// SV_VertexID; green.
Texture2D<float4> vpos : register(t0);

varyings vs_buffer(uint id : SV_VertexID)
{
    varyings o;
    o.pos = vpos.Load(int3(id, 0, 0));
    o.color = float4(0.0, 1.0, 0.0, 1.0);
    return o;
}

// ps_cmp: a depth comparison of the vertex colour's red with the middle of
// a depth texture: 1 where the comparison passes, 0 where it fails.  The
// compiler has no comparison samplers either: this samples a 2D array at
// layer red, which the tests turn into SampleCmpLevelZero of a Texture2D
// with the layer as the reference (dxbc_edit.h: t7 a Texture2D, s1 a
// comparison sampler, its sample a sample_c_lz of the address's z).
Texture2DArray depth_tex : register(t7);
SamplerState cmp_smp : register(s1);

float4 ps_cmp(varyings i) : SV_Target
{
    float r = depth_tex.Sample(cmp_smp, float3(0.5, 0.5, i.color.x)).x;
    return float4(r, r, r, 1.0);
}

// Compute shaders.  Wine's HLSL compiler has none: these are pixel
// shaders of model 5 with no output, whose thread's ID is a
// nointerpolation uint2 input, which the tests turn into compute shaders
// (tests/e2e/dxbc_edit.h: the program type, vThreadID.xy for the input,
// dcl_thread_group of the group's size).  Nor has it RWBuffer types: the
// RWTexture2D<uint>s the tests name become typed, raw or structured
// buffer UAVs (their stores and loads of the address's x, or x and y).
cbuffer cs_cb : register(b0)
{
    uint4 cs_param;
};

RWTexture2D<float4> cs_img : register(u0);
RWTexture2D<uint> cs_buf : register(u1);

// cs_write: texel id of u0 is (x / 8, y / 8, t0's red at id, 1); element
// x + 8y of the typed buffer u1 is x + 100y + cs_param.x.
void cs_write(nointerpolation uint2 id : ID)
{
    cs_img[id] = float4(id.x / 8.0, id.y / 8.0, tex.Load(int3(id, 0)).x, 1.0);
    cs_buf[uint2(id.x + 8 * id.y, 0)] = id.x + 100 * id.y + cs_param.x;
}

RWTexture2D<uint> cs_raw : register(u2);
RWTexture2D<uint> cs_struct : register(u3);

// cs_words: the word at byte 4x of the raw buffer u2 is 3x + 1; the word at
// byte 4 of structure x of the structured buffer u3 is 5x + 2.
void cs_words(nointerpolation uint2 id : ID)
{
    cs_raw[uint2(4 * id.x, 0)] = 3 * id.x + 1;
    cs_struct[uint2(id.x, 4)] = 5 * id.x + 2;
}

RWTexture2D<uint> cs_acc : register(u4);

// cs_twice: each texel of u4 (R32_UINT) read, doubled, plus cs_param.y.
void cs_twice(nointerpolation uint2 id : ID)
{
    cs_acc[id] = cs_acc[id] * 2 + cs_param.y;
}

RWTexture2D<uint> ps_out_uav : register(u1);

// ps_uav: the vertex colour, and in u1 (R32_UINT) at the pixel the red
// channel's byte plus 7.
float4 ps_uav(varyings i) : SV_Target
{
    ps_out_uav[uint2(i.pos.xy)] = 7 + (uint)(i.color.x * 255.0 + 0.5);
    return i.color;
}

// Two outputs: with dual-source blending o1 is target 0's second source
// (the SRC1 blend factors): the vertex colour, and the tint.
struct dual_out
{
    float4 c0 : SV_Target0;
    float4 c1 : SV_Target1;
};

dual_out ps_dual(varyings i)
{
    dual_out o;
    o.c0 = i.color;
    o.c1 = tint;
    return o;
}

// Eight targets (D3D11's most): target k gets (k + 1) / 8 in red, the
// vertex colour's green, (7 - k) / 8 in blue.
struct mrt8_out
{
    float4 c0 : SV_Target0;
    float4 c1 : SV_Target1;
    float4 c2 : SV_Target2;
    float4 c3 : SV_Target3;
    float4 c4 : SV_Target4;
    float4 c5 : SV_Target5;
    float4 c6 : SV_Target6;
    float4 c7 : SV_Target7;
};

mrt8_out ps_mrt8(varyings i)
{
    mrt8_out o;
    o.c0 = float4(1.0 / 8, i.color.y, 7.0 / 8, 1);
    o.c1 = float4(2.0 / 8, i.color.y, 6.0 / 8, 1);
    o.c2 = float4(3.0 / 8, i.color.y, 5.0 / 8, 1);
    o.c3 = float4(4.0 / 8, i.color.y, 4.0 / 8, 1);
    o.c4 = float4(5.0 / 8, i.color.y, 3.0 / 8, 1);
    o.c5 = float4(6.0 / 8, i.color.y, 2.0 / 8, 1);
    o.c6 = float4(7.0 / 8, i.color.y, 1.0 / 8, 1);
    o.c7 = float4(8.0 / 8, i.color.y, 0.0 / 8, 1);
    return o;
}

// Twenty-one inputs (locations past 16): red is A0..A9 summed, green
// A10..A19 weighted by 1..10 (each input counts: a dropped or misplaced one
// changes the sum).
varyings vs_wide(float3 pos : POSITION,
                 float a0 : A0, float a1 : A1, float a2 : A2, float a3 : A3,
                 float a4 : A4, float a5 : A5, float a6 : A6, float a7 : A7,
                 float a8 : A8, float a9 : A9, float a10 : A10, float a11 : A11,
                 float a12 : A12, float a13 : A13, float a14 : A14, float a15 : A15,
                 float a16 : A16, float a17 : A17, float a18 : A18, float a19 : A19)
{
    varyings o;
    o.pos = float4(pos, 1.0);
    o.color = float4(a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9,
                     a10 + 2 * a11 + 3 * a12 + 4 * a13 + 5 * a14 + 6 * a15 + 7 * a16 +
                         8 * a17 + 9 * a18 + 10 * a19,
                     0, 1);
    return o;
}

TextureCubeArray cubes : register(t6);

// A cube map array looked up in the direction tint.xyz, in the cube tint.w.
float4 ps_cubearr(varyings i) : SV_Target
{
    return cubes.Sample(smp, tint);
}

Texture2D<uint2> stencil_tex : register(t0);

// The stencil of the pixel's texel (a depth texture's X24_TYPELESS_G8_UINT
// view: the stencil in green), as green / 255.
float4 ps_stencil(varyings i) : SV_Target
{
    return float4(0, stencil_tex.Load(int3(i.pos.xy, 0)).g / 255.0, 0, 1);
}

// An input declared and not read: a layout must still provide it.
varyings vs_unused(float3 pos : POSITION, float4 color : COLOR, float2 spare : SPARE)
{
    varyings o;
    o.pos = float4(pos, 1.0);
    o.color = color;
    return o;
}

// A vertex shader writing a UAV (D3D11.1's UAVs at every stage): texel
// (SV_VertexID, 0) of u1 (R32_UINT) gets the id plus 100.
RWTexture2D<uint> vs_out_uav : register(u1);

varyings vs_uav(float3 pos : POSITION, float4 color : COLOR, uint id : SV_VertexID)
{
    varyings o;
    vs_out_uav[uint2(id, 0)] = id + 100;
    o.pos = float4(pos, 1.0);
    o.color = color;
    return o;
}
