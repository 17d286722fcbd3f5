// The HLSL of the Direct3D 11 tests' shaders.  tests/d3d11/shaders.h holds
// their DXBC, made by tools/compile-hlsl.sh (Wine's d3dcompiler_47 under
// Wine); run it again after a change here.
//   name        entry      profile
//   vs_color    vs_color   vs_4_0
//   ps_tint     ps_tint    ps_4_0
//   ps_texture  ps_texture ps_4_0   (binds t0 and s0: refused for now)

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
