# case: a void* parameter has no elements a tensor could hold: refused by name at compile time (it compiled into a module the loader rejects)
# error compile: unsupported: buffer 'out_ret_value' of void elements
@T.prim_func
def main(out_ret_value: T.handle("void")):
    T.evaluate(out_ret_value)
