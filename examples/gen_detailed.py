# Mirrors benches/support/mod.rs detailed_json: a vLLM --save-detailed result.
import sys, random
n=int(sys.argv[2]); gaps=8; rng=random.Random(int(sys.argv[3]))
ttft=[0.02+0.01*rng.random() for _ in range(n)]
itls=[[0.002+0.001*rng.random() for _ in range(gaps)] for _ in range(n)]
lat=[t+sum(g) for t,g in zip(ttft,itls)]
def pct(v,p):
    n=len(v); q=p/100; i=n*q+(1-q)-1; lo=int(i); g=i-lo; hi=min(lo+1,n-1); a,b=v[lo],v[hi]
    return b-(b-a)*(1-g) if g>=0.5 else a+(b-a)*g
ms=sorted(t*1000 for t in ttft)
summary='"mean_ttft_ms": %r, "median_ttft_ms": %r, "p99_ttft_ms": %r, ' % (sum(t*1000 for t in ttft)/n, pct(ms,50), pct(ms,99))
with open(sys.argv[1],'w') as f:
    f.write('{' + summary + '"backend": "openai", "model_id": "mock-model", "num_prompts": %d, "duration": %r, "completed": %d, "failed": 0, "request_throughput": 1000.0, ' % (n, n/1000.0, n))
    f.write('"input_lens": [' + ', '.join(['64']*n) + '], ')
    f.write('"output_lens": [' + ', '.join([str(gaps+1)]*n) + '], ')
    f.write('"ttfts": [' + ', '.join(map(repr,ttft)) + '], ')
    f.write('"itls": [' + ', '.join('['+', '.join(map(repr,g))+']' for g in itls) + '], ')
    f.write('"latencies": [' + ', '.join(map(repr,lat)) + '], ')
    f.write('"start_times": [' + ', '.join(repr(100.0+i*0.001) for i in range(n)) + '], ')
    f.write('"errors": [' + ', '.join(['""']*n) + '], "max_concurrent_requests": 64}')
