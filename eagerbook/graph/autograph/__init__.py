def convert_function(fn):
    return fn
